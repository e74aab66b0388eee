import { makeDataSource } from "../adapters/persistence/data-source.ts"
const url = process.argv[2]
const ds = makeDataSource(url ? { databaseUrl: url } : { sqliteFile: "/tmp/pay/scratch.sqlite" }, url ? "mariadb" : undefined)
await ds.initialize()
await ds.runMigrations()
const { upQueries } = await ds.driver.createSchemaBuilder().log()
for (const q of upQueries) console.log(q.query)
await ds.destroy()
