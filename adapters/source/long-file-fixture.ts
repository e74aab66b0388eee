/**
 * The shape of the rewriter's long-file test and bench: a file like real ones, with 4-space
 * indentation, single quotes and semicolons in code, comments of both kinds, type annotations,
 * components with props, lists and conditionals. One block is one card component.
 */
export const cardBlock = (n: number) => `
/**
 * Card number ${n}: a block comment
 * over several lines.
 */
export interface Card${n}Props {
    title: string; // the heading
    items: ReadonlyArray<{ id: number; label: string }>;
    highlighted?: boolean;
}

// A component with a list and a conditional.
export function Card${n}({ title, items, highlighted = false }: Card${n}Props): JSX.Element {
    const total: number = items.length;
    return (
        <section className="card card-${n}" data-index={${n}}>
            <h2 className='title'>{title}</h2>
            {highlighted && <span className="badge">Featured</span>}
            <ul>
                {items.map((item) => (
                    <li key={item.id}>{item.label}</li>
                ))}
            </ul>
            <p>
                Total: {total} items
            </p>
            <footer
                className="card-footer"
                title="Footer ${n}"
            >
                Card ${n} ends here
            </footer>
        </section>
    );
}
`
