/**
 * Where a file or a secret belongs: a searchable tree of Site > Floor > Location > Device
 * (core.md section 2; search debounce 750 ms). Floors open to their locations, locations to
 * their devices; a search shows the matches and the way to them. The chosen item is named above
 * the tree and opened to when the picker appears.
 */
import type { SiteDetail } from '@asbuilt/domain';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LayersIcon from '@mui/icons-material/Layers';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import {
  Box,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteDevices } from '../../api/sites.ts';
import {
  LINK_TREE_DEBOUNCE_MS,
  type LinkRow,
  type LinkValue,
  linkKey,
  linkPath,
  linkTreeRows,
  PATH_SEPARATOR,
  revealKeys,
} from './linkTree.ts';

export type { LinkValue } from './linkTree.ts';

const ICONS = {
  site: ApartmentIcon,
  floor: LayersIcon,
  location: MeetingRoomIcon,
  device: DevicesOtherIcon,
} as const;

export function LinkedItemPicker({
  site,
  value,
  onChange,
  label,
}: {
  site: SiteDetail;
  value: LinkValue;
  onChange: (value: LinkValue) => void;
  label?: string;
}) {
  const { t } = useTranslation('links');
  const devices = useSiteDevices(site.id);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => new Set(revealKeys(site, [], value)));
  const selected = linkKey(value);
  const selectedRow = useRef<HTMLDivElement>(null);
  // Once the devices are in, open the way to the item chosen when the picker appeared, and show it.
  const revealed = useRef(false);
  const initial = useRef(value);
  useEffect(() => {
    if (revealed.current || !devices.data) return;
    revealed.current = true;
    const keys = revealKeys(site, devices.data, initial.current);
    if (keys.length > 0) setOpen((current) => new Set([...current, ...keys]));
    requestAnimationFrame(() => selectedRow.current?.scrollIntoView({ block: 'nearest' }));
  }, [site, devices.data]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), LINK_TREE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const tree = useMemo(
    () => linkTreeRows(site, devices.data ?? [], query, open, selected),
    [site, devices.data, query, open, selected],
  );
  const path = linkPath(site, devices.data ?? [], value);
  const toggle = (row: LinkRow) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      return next;
    });

  return (
    <Box>
      <Typography variant="subtitle2">{label ?? t('label')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="link-chosen">
        {path ? path.join(PATH_SEPARATOR) : t('site_named', { name: site.name })}
      </Typography>
      <TextField
        size="small"
        fullWidth
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t('search')}
        slotProps={{ htmlInput: { 'aria-label': t('search') } }}
      />
      <List
        dense
        role="tree"
        aria-label={label ?? t('label')}
        sx={{ maxHeight: 280, overflow: 'auto', mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {tree.rows.map((row) => {
          if (row.kind === 'more') {
            return (
              <Typography
                key={row.key}
                variant="body2"
                color="text.secondary"
                sx={{ pl: 5 + row.depth * 2, pr: 2, py: 0.5 }}
              >
                {t('more_in_node', { count: row.count })}
              </Typography>
            );
          }
          const Icon = ICONS[row.kind];
          const isOpen = query !== '' || open.has(row.key);
          return (
            <ListItemButton
              key={row.key}
              ref={row.key === selected ? selectedRow : undefined}
              role="treeitem"
              aria-selected={row.key === selected}
              selected={row.key === selected}
              onClick={() => onChange(row.value)}
              sx={{ pl: 1 + row.depth * 2 }}
            >
              <Box sx={{ width: 28, flexShrink: 0 }}>
                {row.openable && query === '' && (
                  <IconButton
                    size="small"
                    edge="start"
                    aria-label={isOpen ? t('close', { name: row.name }) : t('open', { name: row.name })}
                    aria-expanded={isOpen}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle(row);
                    }}
                  >
                    {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                )}
              </Box>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={row.name}
                secondary={row.kind === 'site' ? t('whole_site') : undefined}
              />
            </ListItemButton>
          );
        })}
        {tree.hiddenDevices > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('more_matches', { count: tree.hiddenDevices })}
          </Typography>
        )}
      </List>
    </Box>
  );
}
