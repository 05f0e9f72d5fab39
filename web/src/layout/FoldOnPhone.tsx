/**
 * Filters that fold away on a phone under one button counting those in use, so the list or the
 * drawing they filter starts on the first screen; wider screens show them as they are.
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Collapse } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutPrefs } from './LayoutPrefs.tsx';

export function FoldOnPhone({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('layout');
  const { mobile } = useLayoutPrefs();
  const [open, setOpen] = useState(false);
  if (!mobile) return children;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Button
        variant="outlined"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        startIcon={
          <Badge badgeContent={active} color="primary">
            <FilterListIcon />
          </Badge>
        }
      >
        {t('filters.show')}
      </Button>
      <Collapse in={open}>
        <Box sx={{ pt: 1.5 }}>{children}</Box>
      </Collapse>
    </Box>
  );
}
