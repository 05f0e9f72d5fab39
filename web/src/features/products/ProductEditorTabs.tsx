/**
 * The long form's tabs of the product editor: the tab bar (the I/O tab counts the interfaces)
 * and the panels it controls.
 */
import { Badge, Box, Tab, Tabs, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ProductEditorTab = 'general' | 'specifications' | 'description' | 'io';

const TABS: readonly ProductEditorTab[] = ['general', 'specifications', 'description', 'io'];

export function ProductEditorTabBar({
  id,
  tab,
  onChange,
  interfaceCount,
}: {
  /** The dialog title's id: the tabs and panels name their ids after it. */
  id: string;
  tab: ProductEditorTab;
  onChange: (tab: ProductEditorTab) => void;
  interfaceCount: number;
}) {
  const { t } = useTranslation('products');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Tabs
      value={tab}
      onChange={(_event, next: ProductEditorTab) => onChange(next)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={t('editor.sections')}
      sx={{
        px: { xs: 1, sm: 2 },
        mt: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } },
      }}
    >
      {TABS.map((value) => {
        // On a phone the four tabs fit side by side with a shorter name.
        const label =
          phone && value === 'specifications' ? t('tabs.specifications_short') : t(`tabs.${value}`);
        return (
          <Tab
            key={value}
            value={value}
            id={`${id}-tab-${value}`}
            aria-controls={`${id}-panel-${value}`}
            label={
              value === 'io' && interfaceCount > 0 ? (
                <Badge badgeContent={interfaceCount} color="primary" sx={{ pr: 1.5 }}>
                  {label}
                </Badge>
              ) : (
                label
              )
            }
          />
        );
      })}
    </Tabs>
  );
}

export function ProductEditorTabPanel({
  id,
  value,
  current,
  children,
}: {
  id: string;
  value: ProductEditorTab;
  current: ProductEditorTab;
  children: ReactNode;
}) {
  // Panels stay mounted (hidden), so a field keeps its state while another tab is open.
  return (
    <Box
      role="tabpanel"
      id={`${id}-panel-${value}`}
      aria-labelledby={`${id}-tab-${value}`}
      hidden={value !== current}
    >
      {children}
    </Box>
  );
}
