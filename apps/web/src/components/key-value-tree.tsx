import classes from './key-value-tree.module.css';

function isBranch(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** A leaf as JSON writes it, so a text, a number, true or null cannot be mistaken for one another. */
function leafText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A JSON object as nested key and value lists, readable without knowing JSON. */
export function KeyValueTree({
  value,
  label,
}: {
  value: Record<string, unknown> | unknown[];
  label?: string;
}) {
  return (
    <ul className={classes.tree} aria-label={label}>
      {Object.entries(value).map(([key, item]) => (
        <li key={key}>
          <span className={classes.key}>{key}: </span>
          {isBranch(item) ? (
            <KeyValueTree value={item} />
          ) : (
            <span className={classes.value}>{leafText(item)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
