/**
 * Contractors: the companies that install devices on the site (the device card offers them).
 * Add one of the tenant's Contractor companies not yet on the site, or create a Contractor company
 * here ("Failed to create Contractor." when that fails) which joins the site at once; remove one.
 * Each change saves the site's list: "Contractors Updated", or "Error saving Contractors".
 */
import { type CompanyDto, Role } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EngineeringOutlinedIcon from '@mui/icons-material/EngineeringOutlined';
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCompany } from '../../api/companies.ts';
import { siteKeys, useSiteCompanies } from '../../api/sites.ts';
import { useUpdateSiteSettings } from '../../api/spatial.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { toastFailure, toastNotice, toastSuccess } from '../../lib/toast.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { NewContractorDialog } from './NewContractorDialog.tsx';
import { TabHeading } from './TabHeading.tsx';

const byName = (a: CompanyDto, b: CompanyDto) => a.name.localeCompare(b.name) || a.id - b.id;
const companyLabel = (company: CompanyDto) =>
  company.code ? `${company.name} (${company.code})` : company.name;

export function ContractorsTab() {
  const { t } = useTranslation(['config', 'components']);
  const { site, siteId } = useSite();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const companies = useSiteCompanies(siteId);
  const save = useUpdateSiteSettings(siteId);
  // A Super Admin working on another tenant's site creates the company in that tenant.
  const otherTenant = user.role === Role.SuperAdmin && user.tenant_id !== site.tenant_id;
  const create = useCreateCompany({ path: otherTenant ? 'admin' : 'tenant', silent: true });
  const [picked, setPicked] = useState<CompanyDto | null>(null);
  const [creating, setCreating] = useState(false);

  const byId = useMemo(
    () => new Map((companies.data ?? []).map((company) => [company.id, company])),
    [companies.data],
  );
  const available = useMemo(
    () =>
      (companies.data ?? [])
        .filter((company) => company.contractor && !site.contractors.includes(company.id))
        .sort(byName),
    [companies.data, site.contractors],
  );

  const saveList = (ids: number[]) =>
    save.mutateAsync({ contractors: ids }).then(
      () => toastSuccess(t('contractors.updated')),
      (error: unknown) => {
        // The server's reasons come as their own toasts (the query client's error handler).
        toastNotice(t('contractors.save_failed'));
        throw error;
      },
    );

  const add = () => {
    if (!picked) return;
    saveList([...site.contractors, picked.id]).then(
      () => setPicked(null),
      () => undefined,
    );
  };

  const createContractor = (input: { name: string; code: string }) =>
    create
      .mutateAsync({
        ...input,
        company_type: 'Contractor',
        contractor: true,
        ...(otherTenant ? { tenant_id: site.tenant_id } : {}),
      })
      .catch((error: unknown) => {
        toastFailure(t('contractors.create_failed'), error);
        throw error;
      })
      .then(({ company }) => {
        // Known at once, before the site's companies come back.
        queryClient.setQueryData<CompanyDto[]>(siteKeys.companies(siteId), (list) =>
          list ? [...list.filter((c) => c.id !== company.id), company] : list,
        );
        return saveList([...site.contractors, company.id]).catch(() => undefined);
      });

  return (
    <>
      <TabHeading title={t('tab.contractors')} hint={t('contractors.hint')} />
      <Box sx={{ maxWidth: 640 }}>
        {companies.isError ? (
          <ErrorState error={companies.error} onRetry={() => companies.refetch()} />
        ) : null}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <Autocomplete
            options={available}
            value={picked}
            onChange={(_event, value) => setPicked(value)}
            getOptionLabel={companyLabel}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={companies.isPending}
            noOptionsText={available.length === 0 ? t('contractors.none_left') : t('contractors.no_match')}
            sx={{ flex: 1, minWidth: 0 }}
            size="small"
            renderInput={(params) => <TextField {...params} label={t('contractors.company')} />}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              onClick={add}
              disabled={!picked}
              loading={save.isPending && Boolean(picked)}
            >
              {t('components:action.add')}
            </Button>
            <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
              {t('contractors.new')}
            </Button>
          </Stack>
        </Stack>

        <Paper variant="outlined">
          {site.contractors.length === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 3 }}>
              {t('contractors.empty')}
            </Typography>
          ) : (
            <List disablePadding aria-label={t('contractors.list')}>
              {site.contractors.map((id, index) => {
                const company = byId.get(id);
                const name = company?.name ?? t('contractors.unknown', { id });
                const removeLabel = t('contractors.remove', { name });
                return (
                  <ListItem
                    key={id}
                    divider={index < site.contractors.length - 1}
                    secondaryAction={
                      <Tooltip title={removeLabel}>
                        <IconButton
                          edge="end"
                          aria-label={removeLabel}
                          size="small"
                          onClick={() =>
                            void saveList(site.contractors.filter((other) => other !== id)).catch(
                              () => undefined,
                            )
                          }
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <EngineeringOutlinedIcon color="action" />
                    </ListItemIcon>
                    <ListItemText primary={name} secondary={company?.code} />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Paper>
      </Box>
      <NewContractorDialog open={creating} onClose={() => setCreating(false)} onCreate={createContractor} />
    </>
  );
}
