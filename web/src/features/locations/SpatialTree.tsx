/**
 * The left panel of the Locations and Zones pages: the buttons to switch between the two pages, a
 * search, the order (id, name or code; arrow up is ascending), Add Floor, and the tree of floors
 * with their locations or zones. Hovering a row (or focusing it; always on touch screens) shows
 * its icons: add a location or zone to a floor, edit.
 */
import type { FloorDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import {
  Box,
  Button,
  ButtonGroup,
  Chip,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '../../components/SearchField.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import type { ChildKind, SelectionRef } from './selection.ts';
import {
  buildTree,
  compareItems,
  DEFAULT_TREE_ORDER,
  matchesQuery,
  TREE_ORDER_KEYS,
  type TreeItem,
  type TreeOrder,
  type TreeOrderKey,
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
 * Row icons: hidden until the row is hovered or focused (they then cover the row's count); always
 * shown on touch screens, where the row keeps room for them beside the count.
 */
const rowActionsSx = {
  '& .row-actions': { opacity: 0, transition: 'opacity 120ms' },
  '& .row-count': { transition: 'opacity 120ms' },
  '&:hover .row-actions, &:focus-within .row-actions': { opacity: 1 },
  '&:hover .row-count, &:focus-within .row-count': { opacity: 0 },
  '&& > .MuiListItemButton-root': { pr: 1 },
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

  const branches = useMemo(
    () => buildTree(floors, childrenOf, order, query),
    [floors, childrenOf, order, query],
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

  // The other page opens on the same floor.
  const floorQuery = selectedFloorId ? `?floor=${selectedFloorId}` : '';
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
                sx={{ ...rowActionsSx, '--row-actions-width': canEdit ? '88px' : '8px' }}
                secondaryAction={
                  canEdit ? (
                    <Box className="row-actions" sx={{ display: 'flex' }}>
                      <Tooltip title={t(`tree.add.${kind}`, { floor: floor.name })}>
                        <IconButton
                          size="small"
                          aria-label={t(`tree.add.${kind}`, { floor: floor.name })}
                          onClick={() => props.onAddChild(floor)}
                        >
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('tree.edit', { name: floor.name })}>
                        <IconButton
                          size="small"
                          aria-label={t('tree.edit', { name: floor.name })}
                          onClick={() => props.onEditFloor(floor)}
                        >
                          <EditOutlinedIcon fontSize="small" />
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
                    <ListItem sx={{ pl: 6.5 }}>
                      <ListItemText
                        secondary={t(`tree.none.${kind}`)}
                        slotProps={{ secondary: { variant: 'caption' } }}
                      />
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
      <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <ButtonGroup fullWidth size="small" aria-label={t('tree.pages')}>
          <Button
            component={RouterLink}
            to={`/site/${siteId}/locations${floorQuery}`}
            variant={kind === 'location' ? 'contained' : 'outlined'}
            aria-current={kind === 'location' ? 'page' : undefined}
            startIcon={<PlaceOutlinedIcon />}
          >
            {t('tree.nav.locations')}
          </Button>
          <Button
            component={RouterLink}
            to={`/site/${siteId}/zones${floorQuery}`}
            variant={kind === 'zone' ? 'contained' : 'outlined'}
            aria-current={kind === 'zone' ? 'page' : undefined}
            startIcon={<PentagonOutlinedIcon />}
          >
            {t('tree.nav.zones')}
          </Button>
        </ButtonGroup>
        <Box sx={{ '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField value={search} onChange={setSearch} label={t(`tree.search.${kind}`)} />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={order.key}
            onChange={(_event, key: TreeOrderKey | null) => {
              if (key) setOrder((current) => ({ ...current, key }));
            }}
            aria-label={t('tree.order.label')}
          >
            {TREE_ORDER_KEYS.map((key) => (
              <ToggleButton key={key} value={key} sx={{ px: 1.25, py: 0.25, textTransform: 'none' }}>
                {t(`tree.order.${key}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Tooltip title={order.ascending ? t('tree.order.ascending') : t('tree.order.descending')}>
            <IconButton
              size="small"
              aria-label={order.ascending ? t('tree.order.ascending') : t('tree.order.descending')}
              onClick={() => setOrder((current) => ({ ...current, ascending: !current.ascending }))}
            >
              {order.ascending ? (
                <ArrowUpwardIcon fontSize="small" />
              ) : (
                <ArrowDownwardIcon fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          {canEdit ? (
            <Button
              size="small"
              variant="contained"
              startIcon={<AddIcon />}
              onClick={props.onAddFloor}
              sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
            >
              {t('tree.add_floor')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Box sx={{ overflowY: 'auto', maxHeight, py: 0.5 }}>{body}</Box>
    </Paper>
  );
}
