/**
 * The trace of a port drawn as a chain: each box a device's code with the port reached (a patch
 * panel's front and rear side by side) or a free end's label, joined by the cables' codes. It runs
 * across on a wide screen and down on a phone, where a row of boxes would not fit.
 */
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrace } from '../../api/connections.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { type TraceNode, traceChain } from './portView.ts';

export function PortTrace({
  deviceId,
  interfaceId,
  port,
}: {
  deviceId: number;
  interfaceId: number;
  port: string;
}) {
  const { t } = useTranslation('ports');
  const { siteId } = useSite();
  const { mobile } = useLayoutPrefs();
  const trace = useTrace(siteId, deviceId, interfaceId);
  const nodes = useMemo(() => traceChain(trace.data ?? []), [trace.data]);

  if (trace.isError) return <ErrorState error={trace.error} onRetry={() => trace.refetch()} />;
  if (trace.isPending) return <Skeleton height={56} />;
  if (nodes.length < 2) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('trace.none')}
      </Typography>
    );
  }
  const across = !mobile;
  return (
    <Box
      component="ol"
      aria-label={t('trace.label', { port })}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'flex',
        flexDirection: across ? 'row' : 'column',
        flexWrap: across ? 'wrap' : 'nowrap',
        alignItems: across ? 'center' : 'flex-start',
        rowGap: 1,
      }}
    >
      {nodes.map((node, index) => (
        <Box
          component="li"
          // Hops have no id of their own; a trace is drawn afresh when it changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: the chain's order is its identity
          key={index}
          sx={{ display: 'flex', flexDirection: across ? 'row' : 'column', alignItems: 'center' }}
        >
          <HopBox node={node} />
          {node.cable ? <CableLink code={node.cable.code} across={across} /> : null}
        </Box>
      ))}
    </Box>
  );
}

function HopBox({ node }: { node: TraceNode }) {
  const { t } = useTranslation('ports');
  const [front, rear] = node.ports;
  return (
    <Box
      data-testid="trace-hop"
      sx={{
        border: 1,
        borderColor: node.free ? 'warning.main' : 'divider',
        borderStyle: node.free ? 'dashed' : 'solid',
        borderRadius: 1,
        bgcolor: 'background.paper',
        px: 1,
        py: 0.5,
        minWidth: 72,
        maxWidth: 220,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {node.device}
      </Typography>
      {rear !== undefined ? (
        <Typography
          variant="caption"
          color="text.secondary"
          title={t('trace.pass_through', { front, rear })}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {front}
          <SwapHorizIcon sx={{ fontSize: 14 }} aria-hidden />
          {rear}
        </Typography>
      ) : front ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {front}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A cable between two boxes: a line with its code, across or down. */
function CableLink({ code, across }: { code: string; across: boolean }) {
  const { t } = useTranslation('ports');
  const line = across ? { width: 16, height: 2 } : { width: 2, height: 10 };
  return (
    <Box
      title={t('trace.cable', { code })}
      sx={{
        display: 'flex',
        flexDirection: across ? 'row' : 'column',
        alignItems: 'center',
        px: across ? 0.5 : 0,
        py: across ? 0 : 0.5,
      }}
    >
      <Box sx={{ ...line, bgcolor: 'text.secondary' }} />
      <Typography variant="caption" sx={{ px: 0.5, fontFamily: 'monospace' }}>
        {code}
      </Typography>
      <Box sx={{ ...line, bgcolor: 'text.secondary' }} />
    </Box>
  );
}
