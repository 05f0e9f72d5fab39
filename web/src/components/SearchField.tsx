/** The search box of list pages: a magnifier, a clear button, full width on a phone. */
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name and placeholder, e.g. "Search products". */
  label: string;
  width?: number;
}

export function SearchField({ value, onChange, label, width = 280 }: Props) {
  const { t } = useTranslation('components');
  return (
    <TextField
      size="small"
      type="search"
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{
        width: { xs: '100%', sm: width },
        bgcolor: 'background.paper',
        // The browser's own clear cross would double ours.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('search.clear')} onClick={() => onChange('')} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
