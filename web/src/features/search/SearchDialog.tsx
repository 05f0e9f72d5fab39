/**
 * The search dialog: the query, the results grouped by kind, best first, each with where it is.
 * Arrow keys move through the results, Enter opens one; with an empty query it lists the recent
 * searches. Full screen on a phone.
 */

import type { SearchKind, SearchResultDto } from '@asbuilt/domain';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import CloseIcon from '@mui/icons-material/Close';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Dialog,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { errorMessages } from '../../lib/errors.ts';
import { flatten, groupResults, moveActive, readRecent, rememberSearch } from './searchModel.ts';
import { useGlobalSearch } from './useGlobalSearch.ts';

const ICONS: Record<SearchKind, ReactNode> = {
  device: <DevicesOtherIcon fontSize="small" />,
  site: <BusinessIcon fontSize="small" />,
  location: <PlaceIcon fontSize="small" />,
  product: <InventoryIcon fontSize="small" />,
  contact: <PersonIcon fontSize="small" />,
  ticket: <ConfirmationNumberIcon fontSize="small" />,
  attachment: <ArticleIcon fontSize="small" />,
};

const storage = () => window.localStorage;

export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['search', 'components']);
  const { isPhone } = useLayoutPrefs();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(() => readRecent(storage()));
  const search = useGlobalSearch(query);
  const listRef = useRef<HTMLUListElement>(null);

  const showResults = query.trim().length > 0;
  const groups = useMemo(() => groupResults(search.data?.results ?? []), [search.data]);
  const rows: SearchResultDto[] = useMemo(() => (showResults ? flatten(groups) : []), [groups, showResults]);
  const rowCount = showResults ? rows.length : recent.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results start again from the first row
  useEffect(() => setActive(rowCount > 0 ? 0 : -1), [rowCount, search.data]);
  useEffect(() => {
    if (open) setRecent(readRecent(storage()));
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the highlighted row is found in the DOM once drawn
  useEffect(() => {
    listRef.current?.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const openResult = (result: SearchResultDto) => {
    setRecent(rememberSearch(storage(), query));
    onClose();
    navigate(result.url);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => moveActive(current, rowCount, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      if (showResults) {
        const result = rows[active];
        if (result) openResult(result);
      } else {
        const item = recent[active];
        if (item) setQuery(item);
      }
    }
  };

  let index = -1;
  const row = (result: SearchResultDto) => {
    index += 1;
    const at = index;
    return (
      <ListItemButton
        key={`${result.type}-${result.id}`}
        selected={at === active}
        data-active={at === active}
        data-testid="search-result"
        onMouseMove={() => setActive(at)}
        onClick={() => openResult(result)}
        role="option"
        aria-selected={at === active}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[result.type]}</ListItemIcon>
        <ListItemText
          primary={result.title}
          secondary={result.subtitle || null}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        />
      </ListItemButton>
    );
  };

  const total = search.data?.total;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          'aria-label': t('title'),
          sx: isPhone ? {} : { position: 'absolute', top: 48, m: 0, maxHeight: 'calc(100% - 96px)' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <TextField
          autoFocus
          fullWidth
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('title'),
              'data-testid': 'global-search-input',
              role: 'combobox',
              'aria-expanded': rowCount > 0,
              maxLength: 200,
              enterKeyHint: 'search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          size="small"
        />
        {isPhone ? (
          <IconButton aria-label={t('close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </Box>
      {search.isFetching ? (
        <LinearProgress sx={{ height: 2 }} aria-label={t('components:loading')} />
      ) : (
        <Box sx={{ height: 2 }} />
      )}
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {showResults && search.isError ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {errorMessages(search.error).join(' ')}
          </Alert>
        ) : null}
        {showResults && search.data && rows.length === 0 && !search.isError ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('nothing')}
          </Typography>
        ) : null}
        {showResults ? (
          <List ref={listRef} role="listbox" aria-label={t('results')} dense>
            {groups.map((group) => (
              <li key={group.kind}>
                <ul style={{ padding: 0 }}>
                  <ListSubheader sx={{ lineHeight: '32px' }}>
                    {t(`kind.${group.kind}`, { count: total?.[group.kind] ?? group.results.length })}
                  </ListSubheader>
                  {group.results.map(row)}
                </ul>
              </li>
            ))}
          </List>
        ) : recent.length > 0 ? (
          <List ref={listRef} dense aria-label={t('recent')}>
            <ListSubheader sx={{ lineHeight: '32px' }}>{t('recent')}</ListSubheader>
            {recent.map((item, at) => (
              <ListItemButton
                key={item}
                selected={at === active}
                data-active={at === active}
                onMouseMove={() => setActive(at)}
                onClick={() => setQuery(item)}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <HistoryIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={item} />
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Typography sx={{ p: 2 }} variant="body2" color="text.secondary">
            {t('hint')}
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}
