import ApartmentIcon from '@mui/icons-material/Apartment';
import { Box, Card, CardActionArea, CardContent, CardMedia, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteSummary } from '../../api/sites.ts';
import { formatDate } from '../../lib/dates.ts';
import { OwnTagChips } from '../tags/TagChips.tsx';
import { isCountry } from './country.ts';

function SiteImage({ site }: { site: SiteSummary }) {
  const [failed, setFailed] = useState(false);
  if (site.image && !failed) {
    return (
      <CardMedia
        component="img"
        image={site.image}
        alt=""
        onError={() => setFailed(true)}
        sx={{ height: 150, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      sx={(theme) => ({
        height: 150,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        background: `linear-gradient(135deg, ${theme.palette.primary.light}26, ${theme.palette.primary.main}14)`,
      })}
    >
      <ApartmentIcon sx={{ fontSize: 56, opacity: 0.7 }} />
    </Box>
  );
}

export function SiteCard({ site }: { site: SiteSummary }) {
  const { t } = useTranslation(['sites', 'domain']);
  const country = isCountry(site.country) ? t(`domain:country.${site.country}`) : site.country;
  const place = [site.city, country].filter(Boolean).join(', ');
  return (
    <Card sx={{ height: '100%', transition: 'box-shadow .2s', '&:hover': { boxShadow: 4 } }}>
      <CardActionArea component={RouterLink} to={`/site/${site.id}/dashboard`} sx={{ height: '100%' }}>
        <SiteImage site={site} />
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} noWrap title={site.name}>
            {site.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {place || t('card.updated', { date: formatDate(site.updated_at) })}
          </Typography>
          <OwnTagChips ids={site.tags} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
