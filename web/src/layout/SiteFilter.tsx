/** The header's site filter: pick a site by name to open its dashboard. */
import ApartmentIcon from '@mui/icons-material/Apartment';
import {
  Autocomplete,
  Dialog,
  DialogContent,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SiteSummary, useSiteIndex } from '../api/sites.ts';
import { useQuietTooltip } from './useQuietTooltip.ts';

function SiteAutocomplete({
  onPicked,
  onEscape,
  inHeader,
}: {
  onPicked?: () => void;
  /** The search dialog closes on the first Escape, not after the list has closed on it. */
  onEscape?: () => void;
  inHeader: boolean;
}) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const sites = useSiteIndex();
  const [input, setInput] = useState('');
  const options = useMemo(
    () => [...(sites.data?.sites ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [sites.data],
  );

  return (
    <Autocomplete<SiteSummary>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_event, site) => {
        if (!site) return;
        setInput('');
        onPicked?.();
        navigate(`/site/${site.id}/dashboard`);
      }}
      onClose={(_event, reason) => {
        if (reason === 'escape') onEscape?.();
      }}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={sites.isLoading}
      noOptionsText={t('site_filter.no_sites')}
      blurOnSelect
      openOnFocus={!inHeader}
      size="small"
      sx={{ width: inHeader ? { sm: 220, md: 280 } : '100%' }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('site_filter.placeholder')}
          autoFocus={!inHeader}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('site_filter.label') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit', ml: 0.5 }}>
                  <ApartmentIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={
            inHeader
              ? (theme) => ({
                  '& .MuiOutlinedInput-root': {
                    color: 'inherit',
                    bgcolor: alpha(theme.palette.common.white, 0.16),
                    borderRadius: 2,
                    transition: theme.transitions.create('background-color'),
                    '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.24) },
                    '&.Mui-focused': { bgcolor: alpha(theme.palette.common.white, 0.28) },
                  },
                  '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
                  '& .MuiAutocomplete-popupIndicator, & .MuiAutocomplete-clearIndicator': {
                    color: 'inherit',
                  },
                  '& input::placeholder': { color: 'inherit', opacity: 0.85 },
                })
              : undefined
          }
        />
      )}
    />
  );
}

/** A search field in the header on wider screens; an icon opening a search dialog on phones. */
export function SiteFilter({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const quiet = useQuietTooltip(open);
  const close = () => {
    quiet.hush();
    setOpen(false);
  };
  if (!compact) return <SiteAutocomplete inHeader />;
  return (
    <>
      <Tooltip title={t('site_filter.find')} {...quiet.tooltip}>
        <IconButton
          color="inherit"
          aria-label={t('site_filter.find')}
          onClick={() => setOpen(true)}
          {...quiet.anchor}
        >
          <ApartmentIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={close}
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        // The name goes on the element with the dialog role (the paper), not on the backdrop's root.
        slotProps={{ paper: { 'aria-label': t('site_filter.find'), sx: { mt: 8, overflow: 'visible' } } }}
      >
        <DialogContent sx={{ p: 2, overflow: 'visible' }}>
          <SiteAutocomplete inHeader={false} onPicked={close} onEscape={close} />
        </DialogContent>
      </Dialog>
    </>
  );
}
