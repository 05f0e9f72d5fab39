/** The toolbar's column menu of a table. */
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { ColumnVisibilityState, RowData } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnIdOf, columnLabelOf, type DataTableColumn } from './columns.ts';

/** A "Columns" button whose menu shows or hides the columns that allow hiding. */
export function ColumnVisibilityMenu<T extends RowData>({
  columns,
  value,
  onChange,
}: {
  columns: DataTableColumn<T>[];
  value: ColumnVisibilityState;
  onChange: (next: ColumnVisibilityState) => void;
}) {
  const { t } = useTranslation('components');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hideable = columns.filter((column) => column.enableHiding !== false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        {t('data_table.columns')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {hideable.map((column) => {
          const id = columnIdOf(column);
          const visible = value[id] !== false;
          return (
            <MenuItem
              key={id}
              role="menuitemcheckbox"
              aria-checked={visible}
              onClick={() => onChange({ ...value, [id]: !visible })}
              dense
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={visible} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText>{columnLabelOf(column)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
