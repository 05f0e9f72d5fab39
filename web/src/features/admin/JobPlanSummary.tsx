/** What a maintenance job would change, from its dry run: the rows and tenants, then each kind. */
import type { AdminJobChange, AdminJobResult } from '@asbuilt/domain';
import { Alert, Box, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';

export function JobPlanSummary({ plan }: { plan: AdminJobResult }) {
  const { t } = useTranslation('admin');
  if (plan.count === 0) return <Alert severity="success">{t('jobs.confirm.nothing')}</Alert>;
  const rows = t('jobs.confirm.rows', { count: plan.count, number: formatNumber(plan.count) });
  const tenants = t('jobs.confirm.tenants', { count: plan.tenants, number: formatNumber(plan.tenants) });
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        {plan.tenants > 0
          ? t('jobs.confirm.summary', { rows, tenants })
          : t('jobs.confirm.summary_no_tenant', { rows })}
      </Typography>
      <List disablePadding sx={{ listStyle: 'disc', pl: 2.5, mt: 1 }}>
        {plan.changes
          .filter((change) => change.count > 0)
          .map((change) => (
            <ListItem key={change.what} disableGutters sx={{ display: 'list-item', py: 0.5 }}>
              <Typography>
                {t(`jobs.change.${change.what}`, { count: change.count, number: formatNumber(change.count) })}
              </Typography>
              <Examples change={change} />
            </ListItem>
          ))}
      </List>
    </Box>
  );
}

/** The first few objects of one kind of change, one a line, and an ellipsis when there are more. */
function Examples({ change }: { change: AdminJobChange }) {
  const { t } = useTranslation('admin');
  if (change.examples.length === 0) return null;
  const more = change.count > change.examples.length;
  return (
    <Box sx={{ color: 'text.secondary', typography: 'body2', overflowWrap: 'anywhere', mt: 0.25 }}>
      {t('jobs.confirm.examples')}
      <Box component="ul" sx={{ m: 0, pl: 2, listStyle: 'none' }}>
        {change.examples.map((example, index) => (
          // Two objects may share a name: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: examples are a fixed list that never reorders
          <li key={index}>{example}</li>
        ))}
        {more ? <li aria-hidden="true">…</li> : null}
      </Box>
    </Box>
  );
}
