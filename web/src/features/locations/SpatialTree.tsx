/**
 * The left panel of the Locations and Zones pages: its header (SpatialTreeHeader), then the tree of
 * floors with their locations or zones. A floor's + (add a location or zone) always shows, so the
 * way to start is in sight; the edit icons show when the row is hovered or focused (always on
 * touch screens). A floor with nothing on it says so, with a button to add the first one.
 */
import type { FloorDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import {
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';
import { TagFilter } from '../tags/TagFilter.tsx';
import { taggedBranches } from '../tags/tagRows.ts';
import { SpatialTreeHeader } from './SpatialTreeHeader.tsx';
import type { ChildKind, SelectionRef } from './selection.ts';
import {
  buildTree,
  compareItems,
  DEFAULT_TREE_ORDER,
  matchesQuery,
  type TreeItem,
  type TreeOrder,
} from './tree.ts';

interface Props<C extends TreeItem> {
  kind: ChildKind;
  siteId: number;
  floors: FloorDto[];
  childrenOf: (floor: FloorDto) => C[];
  /** Zones without a floor (Zones page), listed after the floors. */
  loose?: C[];
  /** The second line of a child (its code, its type). */
  describe: (child: C) => string;
  selected: SelectionRef | null;
  /** The floor the selection is on: opened when the selection changes. */
  selectedFloorId: number | null;
  onSelect: (ref: SelectionRef) => void;
  canEdit: boolean;
  onAddFloor: () => void;
  onEditFloor: (floor: FloorDto) => void;
  onAddChild: (floor: FloorDto) => void;
  onEditChild: (child: C) => void;
  /** Height limit of the scrolling list. */
  maxHeight: number | string;
}

/**
 * Row icons in `.row-actions`: hidden until the row is hovered or focused (they then cover the
 * row's count); always shown on touch screens, where the row keeps room for them beside the count
 * (`--row-actions-width`). Icons outside it always show: the row keeps `--row-shown-width` for them.
 */
const rowActionsSx = {
  '& .row-actions': { opacity: 0, transition: 'opacity 120ms' },
  '& .row-count': { transition: 'opacity 120ms' },
  '&:hover .row-actions, &:focus-within .row-actions': { opacity: 1 },
  '&:hover .row-count, &:focus-within .row-count': { opacity: 0 },
  '&& > .MuiListItemButton-root': { pr: 'var(--row-shown-width, 8px)' },
  '@media (hover: none)': {
    '& .row-actions': { opacity: 1 },
    '&:hover .row-count, &:focus-within .row-count': { opacity: 1 },
    '&& > .MuiListItemButton-root': { pr: 'var(--row-actions-width)' },
  },
} as const;

export function SpatialTree<C extends TreeItem>(props: Props<C>) {
  const {
    kind,
    siteId,
    floors,
    childrenOf,
    loose = [],
    selected,
    selectedFloorId,
    canEdit,
    maxHeight,
  } = props;
  const { t } = useTranslation('locations');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [order, setOrder] = useState<TreeOrder>(DEFAULT_TREE_ORDER);
  const [open, setOpen] = useState<Set<number>>(() => new Set(selectedFloorId ? [selectedFloorId] : []));

  // The floor of a new selection opens (a link, a new location, a click on the plan).
  useEffect(() => {
    if (selectedFloorId === null) return;
    setOpen((current) => (current.has(selectedFloorId) ? current : new Set(current).add(selectedFloorId)));
  }, [selectedFloorId]);

  const [tagFilter, setTagFilter] = useState<number | null>(null);
  const branches = useMemo(
    () => taggedBranches(buildTree(floors, childrenOf, order, query), tagFilter),
    [floors, childrenOf, order, query, tagFilter],
  );
  const looseShown = useMemo(
    () => loose.filter((child) => !query || matchesQuery(child, query)).sort(compareItems(order)),
    [loose, order, query],
  );

  const toggle = (floorId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(floorId)) next.delete(floorId);
      else next.add(floorId);
      return next;
    });

  const isSelected = (type: SelectionRef['type'], id: number) =>
    selected?.type === type && selected.id === id;
  const ChildIcon = kind === 'location' ? PlaceOutlinedIcon : PentagonOutlinedIcon;

  const childRow = (child: C, indent: boolean) => (
    <ListItem
      key={child.id}
      disablePadding
      sx={{ ...rowActionsSx, '--row-actions-width': canEdit ? '48px' : '8px' }}
      secondaryAction={
        canEdit ? (
          <Box className="row-actions">
            <Tooltip title={t('tree.edit', { name: child.name })}>
              <IconButton
                size="small"
                aria-label={t('tree.edit', { name: child.name })}
                onClick={() => props.onEditChild(child)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : null
      }
    >
      <ListItemButton
        selected={isSelected(kind, child.id)}
        onClick={() => props.onSelect({ type: kind, id: child.id })}
        sx={{ pl: indent ? 6.5 : 2, py: 0.25, borderRadius: 1 }}
        data-testid={`tree-${kind}-${child.id}`}
      >
        <ListItemIcon sx={{ minWidth: 30 }}>
          <ChildIcon fontSize="small" color={isSelected(kind, child.id) ? 'primary' : 'action'} />
        </ListItemIcon>
        <ListItemText
          primary={child.name}
          secondary={props.describe(child) || null}
          slotProps={{
            primary: { noWrap: true, variant: 'body2' },
            secondary: { noWrap: true, variant: 'caption' },
          }}
        />
      </ListItemButton>
    </ListItem>
  );

  let body: ReactNode;
  if (floors.length === 0 && loose.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {canEdit ? t('tree.empty_edit') : t('tree.empty')}
      </Typography>
    );
  } else if (branches.length === 0 && looseShown.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('tree.no_match', { search: search.trim() })}
      </Typography>
    );
  } else {
    body = (
      <List dense disablePadding aria-label={t(`tree.label.${kind}`)}>
        {branches.map(({ floor, children }) => {
          const expanded = Boolean(query) || open.has(floor.id);
          const total = childrenOf(floor).length;
          return (
            <Box component="li" key={floor.id} sx={{ listStyle: 'none' }}>
              <ListItem
                component="div"
                disablePadding
                sx={{
                  ...rowActionsSx,
                  '--row-actions-width': canEdit ? '88px' : '8px',
                  '--row-shown-width': canEdit ? '52px' : '8px',
                }}
                secondaryAction={
                  canEdit ? (
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title={t('tree.edit', { name: floor.name })}>
                        <IconButton
                          className="row-actions"
                          size="small"
                          aria-label={t('tree.edit', { name: floor.name })}
                          onClick={() => props.onEditFloor(floor)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t(`tree.add.${kind}`, { floor: floor.name })}>
                        <IconButton
                          size="small"
                          color="primary"
                          aria-label={t(`tree.add.${kind}`, { floor: floor.name })}
                          onClick={() => props.onAddChild(floor)}
                        >
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  ) : null
                }
              >
                <IconButton
                  size="small"
                  aria-label={t(expanded ? 'tree.collapse' : 'tree.expand', { name: floor.name })}
                  aria-expanded={expanded}
                  onClick={() => toggle(floor.id)}
                  disabled={Boolean(query)}
                  sx={{ ml: 0.5 }}
                >
                  {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                </IconButton>
                <ListItemButton
                  selected={isSelected('floor', floor.id)}
                  onClick={() => {
                    props.onSelect({ type: 'floor', id: floor.id });
                    if (!open.has(floor.id)) toggle(floor.id);
                  }}
                  sx={{ py: 0.5, pl: 0.5, borderRadius: 1 }}
                  data-testid={`tree-floor-${floor.id}`}
                >
                  <ListItemIcon sx={{ minWidth: 30 }}>
                    <LayersOutlinedIcon
                      fontSize="small"
                      color={isSelected('floor', floor.id) ? 'primary' : 'action'}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={floor.name}
                    secondary={floor.code || null}
                    slotProps={{
                      primary: { noWrap: true, variant: 'body2', sx: { fontWeight: 600 } },
                      secondary: { noWrap: true, variant: 'caption' },
                    }}
                  />
                  <Chip
                    className={canEdit ? 'row-count' : undefined}
                    size="small"
                    label={formatNumber(total)}
                    aria-label={t(`tree.count.${kind}`, { count: total })}
                    sx={{ ml: 1, height: 20, fontSize: 12 }}
                  />
                </ListItemButton>
              </ListItem>
              <Collapse in={expanded} timeout="auto" unmountOnExit>
                <List dense disablePadding>
                  {children.map((child) => childRow(child, true))}
                  {children.length === 0 ? (
                    <ListItem sx={{ pl: 6.5, pr: 1, flexWrap: 'wrap', columnGap: 1 }}>
                      <ListItemText
                        secondary={canEdit ? t(`tree.none_edit.${kind}`) : t(`tree.none.${kind}`)}
                        slotProps={{ secondary: { variant: 'caption' } }}
                        sx={{ flex: '1 1 120px' }}
                      />
                      {canEdit ? (
                        <Button
                          size="small"
                          startIcon={<AddIcon />}
                          onClick={() => props.onAddChild(floor)}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {t(`start.add.${kind}`)}
                        </Button>
                      ) : null}
                    </ListItem>
                  ) : null}
                </List>
              </Collapse>
            </Box>
          );
        })}
        {looseShown.length > 0 ? (
          <Box component="li" sx={{ listStyle: 'none' }}>
            <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
              {t('tree.loose_zones')}
            </Typography>
            <List dense disablePadding>
              {looseShown.map((child) => childRow(child, false))}
            </List>
          </Box>
        ) : null}
      </List>
    );
  }

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <SpatialTreeHeader
        kind={kind}
        siteId={siteId}
        selectedFloorId={selectedFloorId}
        search={search}
        onSearch={setSearch}
        order={order}
        onOrder={setOrder}
        onAddFloor={canEdit ? props.onAddFloor : null}
      />
      {kind === 'location' ? (
        <Box sx={{ px: 1.5, pb: 1 }}>
          <TagFilter siteId={siteId} value={tagFilter} onChange={setTagFilter} />
        </Box>
      ) : null}
      <Box sx={{ overflowY: 'auto', maxHeight, py: 0.5 }}>{body}</Box>
    </Paper>
  );
}
