import { join } from "node:path"
import { Layer } from "effect"
import { layerScryptPasswordHasher } from "../adapters/crypto/scrypt-password-hasher.ts"
import { layerLocalImageStore } from "../adapters/images/local-image-store.ts"
import { layerPersistence } from "../adapters/persistence/persistence.layer.ts"

/**
 * The CLI's composition root: the adapters chosen by the environment.
 * DATA_DIR (default ./data) holds the embedded SQLite file and the images;
 * DATABASE_URL=mysql://… switches the database to MySQL / MariaDB.
 */
const dataDir = process.env.DATA_DIR ?? "data"

export const appLayer = Layer.mergeAll(
  layerPersistence({
    databaseUrl: process.env.DATABASE_URL,
    sqliteFile: join(dataDir, "colorday.sqlite"),
  }),
  layerScryptPasswordHasher,
  layerLocalImageStore(join(dataDir, "images")),
)
