import type { ListAction, ListState } from '@fleet/contract';
import classes from './list-controls.module.css';
import { PageSizeSelect } from './page-size-select';
import { SortControl, type SortColumnOption } from './sort-control';

interface ListControlsProps {
  list: ListState;
  dispatch: (action: ListAction) => void;
  /** Without columns the list only offers its page size. */
  columns?: readonly SortColumnOption[];
}

/** The sort and page-size controls of a list, bound to its URL state. */
export function ListControls({ list, dispatch, columns }: ListControlsProps) {
  return (
    <div className={classes.controls}>
      {columns && (
        <SortControl
          columns={columns}
          column={list.sortColumnName}
          order={list.sortOrder}
          onChange={(sortColumnName, sortOrder) => dispatch({ type: 'sort', sortColumnName, sortOrder })}
        />
      )}
      <PageSizeSelect
        value={list.pageSize}
        onChange={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
      />
    </div>
  );
}
