/**
 * The dashboard's tree of floors and their locations: search, order by id, name or code (each
 * way), Add floor, and on a row's hover add a location (floors) or edit. Selecting a floor shows
 * its plan; selecting a location shows its floor with the location selected.
 */
import type { FloorDto, LocationDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LayersIcon from '@mui/icons-material/Layers';
import RoomIcon from '@mui/icons-material/Room';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/SearchField.tsx';
import { buildTree } from '../locations/tree.ts';
import { compareTree, TREE_ORDERS, type TreeOrder } from './planView.ts';

interface Props {
  floors: FloorDto[];
  floorId: number | null;
  locationId: number | null;
  onSelectFloor: (floor: FloorDto) => void;
  onSelectLocation: (location: LocationDto) => void;
  canEdit: boolean;
  onAddFloor: () => void;
  onEditFloor: (floor: FloorDto) => void;
  onAddLocation: (floor: FloorDto) => void;
  onEditLocation: (location: LocationDto) => void;
}

const hoverActions = {
  '& .row-actions': { visibility: 'hidden' },
  '&:hover .row-actions, &:focus-within .row-actions': { visibility: 'visible' },
  '@media (hover: none)': { '& .row-actions': { visibility: 'visible' } },
};

export function FloorTree({
  floors,
  floorId,
  locationId,
  onSelectFloor,
  onSelectLocation,
  canEdit,
  onAddFloor,
  onEditFloor,
  onAddLocation,
  onEditLocation,
}: Props) {
  const { t } = useTranslation('plans');
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<TreeOrder>('id_asc');
  // Floors opened or closed by hand; the others are open when selected.
  const [toggled, setToggled] = useState<Map<number, boolean>>(() => new Map());
  const query = search.trim().toLowerCase();

  const tree = useMemo(
    () =>
      buildTree(floors, (floor) => floor.locations, compareTree(order), query, { narrowMatchingFloor: true }),
    [floors, order, query],
  );

  const toggle = (id: number, expanded: boolean) =>
    setToggled((current) => new Map(current).set(id, !expanded));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Stack spacing={1} sx={{ p: 1.5, pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('tree.title')}
          </Typography>
          {canEdit ? (
            <Button size="small" startIcon={<AddIcon />} onClick={onAddFloor}>
              {t('tree.add_floor')}
            </Button>
          ) : null}
        </Stack>
        <SearchField value={search} onChange={setSearch} label={t('tree.search')} width={276} />
        <TextField
          select
          size="small"
          label={t('tree.order')}
          value={order}
          onChange={(event) => setOrder(event.target.value as TreeOrder)}
        >
          {TREE_ORDERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`tree.order_by.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <List dense aria-label={t('tree.title')} sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
        {tree.length === 0 ? (
          <ListItem>
            <ListItemText
              secondary={
                floors.length === 0 ? t('tree.no_floors') : t('tree.no_match', { search: search.trim() })
              }
            />
          </ListItem>
        ) : null}
        {tree.map(({ floor, children: locations }) => {
          const expanded = Boolean(query) || (toggled.get(floor.id) ?? floor.id === floorId);
          return (
            <Box component="li" key={floor.id} sx={{ listStyle: 'none' }}>
              <ListItem
                disablePadding
                component="div"
                sx={hoverActions}
                secondaryAction={
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    {canEdit ? (
                      <Stack direction="row" className="row-actions">
                        <Tooltip title={t('tree.add_location')}>
                          <IconButton
                            size="small"
                            aria-label={t('tree.add_location_to', { floor: floor.name })}
                            onClick={() => onAddLocation(floor)}
                          >
                            <AddLocationAltIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('tree.edit_floor')}>
                          <IconButton
                            size="small"
                            aria-label={t('tree.edit_named', { name: floor.name })}
                            onClick={() => onEditFloor(floor)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    ) : null}
                    <IconButton
                      size="small"
                      aria-label={
                        expanded
                          ? t('tree.collapse', { floor: floor.name })
                          : t('tree.expand', { floor: floor.name })
                      }
                      aria-expanded={expanded}
                      disabled={Boolean(query)}
                      onClick={() => toggle(floor.id, expanded)}
                    >
                      {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemButton
                  selected={floor.id === floorId && locationId === null}
                  aria-current={floor.id === floorId ? 'true' : undefined}
                  onClick={() => {
                    // A floor chosen opens (unless closed by hand afterwards).
                    setToggled((current) => {
                      const next = new Map(current);
                      next.delete(floor.id);
                      return next;
                    });
                    onSelectFloor(floor);
                  }}
                  sx={{ pr: canEdit ? 13 : 6 }}
                >
                  <ListItemIcon sx={{ minWidth: 34 }}>
                    <LayersIcon fontSize="small" color={floor.id === floorId ? 'primary' : 'inherit'} />
                  </ListItemIcon>
                  <ListItemText
                    primary={floor.name}
                    secondary={floor.code || null}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
              <Collapse in={expanded} timeout="auto" unmountOnExit>
                <List dense disablePadding aria-label={t('tree.locations_of', { floor: floor.name })}>
                  {locations.length === 0 ? (
                    <ListItem sx={{ pl: 6 }}>
                      <ListItemText secondary={t('tree.no_locations')} />
                    </ListItem>
                  ) : null}
                  {locations.map((location) => (
                    <ListItem
                      key={location.id}
                      disablePadding
                      sx={hoverActions}
                      secondaryAction={
                        canEdit ? (
                          <Tooltip title={t('tree.edit_location')}>
                            <IconButton
                              size="small"
                              className="row-actions"
                              aria-label={t('tree.edit_named', { name: location.name })}
                              onClick={() => onEditLocation(location)}
                            >
                              <EditIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null
                      }
                    >
                      <ListItemButton
                        selected={location.id === locationId}
                        onClick={() => onSelectLocation(location)}
                        sx={{ pl: 4, pr: canEdit ? 6 : 2 }}
                      >
                        <ListItemIcon sx={{ minWidth: 30 }}>
                          <RoomIcon
                            fontSize="small"
                            color={location.polygon ? 'action' : 'disabled'}
                            titleAccess={location.polygon ? undefined : t('tree.not_drawn')}
                          />
                        </ListItemIcon>
                        <ListItemText
                          primary={location.name}
                          secondary={location.code || null}
                          slotProps={{ primary: { noWrap: true } }}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
    </Box>
  );
}
