/**
 * The top of the Locations and Zones tree: the buttons to switch between the two pages (on the
 * same floor), the search, the order (id, name or code; arrow up is ascending) and Add Floor.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import {
  Box,
  Button,
  ButtonGroup,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '../../components/SearchField.tsx';
import type { ChildKind } from './selection.ts';
import { TREE_ORDER_KEYS, type TreeOrder, type TreeOrderKey } from './tree.ts';

interface Props {
  kind: ChildKind;
  siteId: number;
  /** The floor the other page opens on. */
  selectedFloorId: number | null;
  search: string;
  onSearch: (search: string) => void;
  order: TreeOrder;
  onOrder: (order: TreeOrder) => void;
  /** Add Floor, for those who may edit. */
  onAddFloor: (() => void) | null;
}

export function SpatialTreeHeader({
  kind,
  siteId,
  selectedFloorId,
  search,
  onSearch,
  order,
  onOrder,
  onAddFloor,
}: Props) {
  const { t } = useTranslation('locations');
  const floorQuery = selectedFloorId ? `?floor=${selectedFloorId}` : '';
  const direction = order.ascending ? t('tree.order.ascending') : t('tree.order.descending');
  return (
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
        <SearchField value={search} onChange={onSearch} label={t(`tree.search.${kind}`)} />
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={order.key}
          onChange={(_event, key: TreeOrderKey | null) => {
            if (key) onOrder({ ...order, key });
          }}
          aria-label={t('tree.order.label')}
        >
          {TREE_ORDER_KEYS.map((key) => (
            <ToggleButton key={key} value={key} sx={{ px: 1.25, py: 0.25, textTransform: 'none' }}>
              {t(`tree.order.${key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Tooltip title={direction}>
          <IconButton
            size="small"
            aria-label={direction}
            onClick={() => onOrder({ ...order, ascending: !order.ascending })}
          >
            {order.ascending ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        {onAddFloor ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            onClick={onAddFloor}
            sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
          >
            {t('tree.add_floor')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
