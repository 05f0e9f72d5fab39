/** /site/{id}/contacts: who to call about the site; edit at permission above 1; export as vCard. */
import type { ContactDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Link,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client.ts';
import { useContacts, useDeleteContact } from '../../api/contacts.ts';
import { downloadFile } from '../../api/download.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { toastError } from '../../lib/toast.ts';
import { useLinkedItem } from '../../lib/useLinkedItem.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { ContactDialog } from './ContactDialog.tsx';

const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center' });

const nameOf = (c: ContactDto) => [c.fname, c.lname].filter(Boolean).join(' ') || c.email || '—';

function matches(c: ContactDto, query: string) {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return [nameOf(c), c.company_name, c.job_description, c.email, c.phone1, c.phone2]
    .filter((v): v is string => Boolean(v))
    .some((v) => v.toLowerCase().includes(wanted));
}

export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { site, siteId, permission } = useSite();
  const canEdit = permission > 1;
  const contacts = useContacts(siteId);
  const remove = useDeleteContact(siteId);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<ContactDto | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const [linked] = useLinkedItem('contact');
  const shown = useMemo(() => (contacts.data ?? []).filter((c) => matches(c, query)), [contacts.data, query]);

  if (contacts.isError) return <ErrorState error={contacts.error} onRetry={() => contacts.refetch()} />;
  if (!contacts.data) return <LoadingScreen fullPage={false} />;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={site.name}
        actions={
          <>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() =>
                downloadFile(`${API_BASE}/site/contacts/export?site_id=${siteId}`, `${site.name}.vcf`).catch(
                  toastError,
                )
              }
            >
              {t('action.export')}
            </Button>
            {canEdit && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
                {t('action.new')}
              </Button>
            )}
          </>
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ mb: 2 }}>
          <SearchField value={query} onChange={setQuery} label={t('search')} />
        </Box>
        {shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {query ? t('no_match') : t('empty')}
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {shown.map((contact) => (
              <Card
                key={contact.id}
                variant="outlined"
                data-testid="contact-card"
                aria-current={linked === contact.id || undefined}
                // The contact a search result opened: brought into view and outlined.
                ref={linked === contact.id ? scrollIntoView : undefined}
                sx={linked === contact.id ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
              >
                <CardContent>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="subtitle1" component="h2">
                        {nameOf(contact)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[contact.company_name, contact.job_description].filter(Boolean).join(' · ')}
                      </Typography>
                    </Box>
                    {canEdit && (
                      <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
                        <Tooltip title={t('action.edit')}>
                          <IconButton
                            size="small"
                            aria-label={t('action.edit_named', { name: nameOf(contact) })}
                            onClick={() => setEditing(contact)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('action.delete')}>
                          <IconButton
                            size="small"
                            aria-label={t('action.delete_named', { name: nameOf(contact) })}
                            onClick={() => setDeleting(contact)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    )}
                  </Box>
                  <Stack spacing={0.5} sx={{ mt: 1 }}>
                    {[contact.phone1, contact.phone2].filter(Boolean).map((phone) => (
                      <Link
                        key={phone}
                        href={`tel:${phone!.replace(/[^\d+]/g, '')}`}
                        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                      >
                        <PhoneIcon fontSize="small" /> {phone}
                      </Link>
                    ))}
                    {contact.email && (
                      <Link
                        href={`mailto:${contact.email}`}
                        sx={{ display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
                      >
                        <EmailIcon fontSize="small" /> {contact.email}
                      </Link>
                    )}
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </Paper>
      <ContactDialog
        open={editing !== undefined}
        contact={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <DeleteConfirm
        item={deleting}
        title={(contact) => t('delete.title', { name: nameOf(contact) })}
        done={() => t('toast.deleted')}
        remove={(contact) => remove.mutateAsync(contact.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
