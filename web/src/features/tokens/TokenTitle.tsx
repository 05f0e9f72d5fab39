/** A token's line in a list (the profile's and the admin's): its name, prefix, scope and vault access. */

import type { ApiTokenDto } from '@asbuilt/domain';
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { shownPrefix } from './tokenText.ts';

export function TokenTitle({ token }: { token: ApiTokenDto }) {
  const { t } = useTranslation('tokens');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {token.name}
      </Typography>
      <Typography component="code" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {shownPrefix(token)}
      </Typography>
      <Chip size="small" label={t(`scope.${token.scope}`)} />
      {token.vault && <Chip size="small" color="warning" label={t('item.vault')} />}
    </Stack>
  );
}
