import { Fragment, type ReactNode } from 'react';
import classes from './field-list.module.css';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label and value pairs, as a description list. */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className={classes.list}>
      {fields.map((field) => (
        <Fragment key={field.label}>
          <dt className={classes.label}>{field.label}</dt>
          <dd className={classes.value}>{field.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
