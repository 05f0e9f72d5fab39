/**
 * /admin/tenants: one card per tenant, two per row (one on phones), with its user and site counts
 * that expand to their lists; Edit opens the tenant dialog, Select puts the tenant's name in the
 * search. New Tenant creates one (name and Active switch).
 */
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterCenterFocusIcon from '@mui/icons-material/FilterCenterFocus';
import {
  Box,
  Button,
  Chip,
  Collapse,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminTenantDto, useAdminTenants } from '../../api/admin.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { TenantDialog } from './TenantDialog.tsx';

export function TenantsPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('tenants.title'));
  const tenants = useAdminTenants();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [dialog, setDialog] = useState<{ open: boolean; tenant: AdminTenantDto | null }>({
    open: false,
    tenant: null,
  });

  const shown = useMemo(
    () => (tenants.data ?? []).filter((tenant) => !query || tenant.name.toLowerCase().includes(query)),
    [tenants.data, query],
  );

  return (
    <>
      <PageHeader
        title={t('tenants.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, tenant: null })}
          >
            {t('tenants.new')}
          </Button>
        }
      />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} label={t('tenants.search')} />
      </Stack>
      {tenants.isError ? <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} /> : null}
      {tenants.isPending ? <LoadingScreen fullPage={false} /> : null}
      {tenants.data && shown.length === 0 ? (
        <Typography color="text.secondary">
          {query ? t('tenants.no_match', { search: search.trim() }) : t('tenants.empty')}
        </Typography>
      ) : null}
      <Box
        component="ul"
        aria-label={t('tenants.title')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {shown.map((tenant) => (
          <TenantCard
            key={tenant.id}
            tenant={tenant}
            onEdit={() => setDialog({ open: true, tenant })}
            onSelect={() => setSearch(tenant.name)}
          />
        ))}
      </Box>
      <TenantDialog
        open={dialog.open}
        tenant={dialog.tenant}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

function TenantCard({
  tenant,
  onEdit,
  onSelect,
}: {
  tenant: AdminTenantDto;
  onEdit: () => void;
  onSelect: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [open, setOpen] = useState<'users' | 'sites' | null>(null);
  const toggle = (list: 'users' | 'sites') => setOpen((current) => (current === list ? null : list));
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography
          id={titleId}
          variant="h6"
          component="h2"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {tenant.name}
        </Typography>
        <Chip
          size="small"
          color={tenant.tenant_status ? 'success' : 'default'}
          variant={tenant.tenant_status ? 'filled' : 'outlined'}
          label={tenant.tenant_status ? t('tenants.active') : t('tenants.inactive')}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <CountButton
          label={t('tenants.users', { count: tenant.user_count })}
          expanded={open === 'users'}
          onClick={() => toggle('users')}
        />
        <CountButton
          label={t('tenants.sites', { count: tenant.site_count })}
          expanded={open === 'sites'}
          onClick={() => toggle('sites')}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          startIcon={<FilterCenterFocusIcon />}
          onClick={onSelect}
          aria-label={t('tenants.select_named', { name: tenant.name })}
        >
          {t('tenants.select')}
        </Button>
        <Button
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          aria-label={t('tenants.edit_named', { name: tenant.name })}
        >
          {t('tenants.edit')}
        </Button>
      </Stack>
      <Collapse in={open === 'users'} unmountOnExit>
        <MemberList
          label={t('tenants.users_of', { name: tenant.name })}
          empty={t('tenants.no_users')}
          items={tenant.users.map((u) => ({ id: u.id, primary: u.name, secondary: u.username }))}
        />
      </Collapse>
      <Collapse in={open === 'sites'} unmountOnExit>
        <MemberList
          label={t('tenants.sites_of', { name: tenant.name })}
          empty={t('tenants.no_sites')}
          items={tenant.sites.map((s) => ({ id: s.id, primary: s.name, secondary: null }))}
        />
      </Collapse>
    </Paper>
  );
}

function CountButton({
  label,
  expanded,
  onClick,
}: {
  label: string;
  expanded: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      aria-expanded={expanded}
      endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

function MemberList({
  label,
  empty,
  items,
}: {
  label: string;
  empty: string;
  items: Array<{ id: number; primary: string; secondary: string | null }>;
}) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List
      dense
      aria-label={label}
      sx={{ mt: 1, maxHeight: 280, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {items.map((item) => (
        <ListItem key={item.id}>
          <ListItemText
            primary={item.primary}
            secondary={item.secondary}
            slotProps={{
              primary: { sx: { overflowWrap: 'anywhere' } },
              secondary: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
