/**
 * The schematic laid out in the worker: `running` while ELK works (the drawing before stays on
 * screen under the progress bar), then the drawing, or the error. A newer graph supersedes a
 * running layout; the answer of an older one is never shown.
 */

import { drawSchematic, type SchematicDrawing, type SchematicGraph } from '@asbuilt/domain';
import { useCallback, useEffect, useState } from 'react';
import { layoutClient, SUPERSEDED } from './layoutClient.ts';

export interface LayoutState {
  running: boolean;
  drawing: SchematicDrawing | null;
  error: string | null;
}

export function useSchematicLayout(graph: SchematicGraph | null): LayoutState & { retry: () => void } {
  const [state, setState] = useState<LayoutState>({ running: false, drawing: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    layoutClient.warmUp();
    return () => layoutClient.release();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` lays the same graph out again
  useEffect(() => {
    if (!graph?.elk.children?.length) {
      setState({ running: false, drawing: null, error: null });
      return;
    }
    let current = true;
    setState((before) => ({ running: true, drawing: before.drawing, error: null }));
    layoutClient.layout(graph.elk).then(
      (laid) => {
        if (current) setState({ running: false, drawing: drawSchematic(graph, laid), error: null });
      },
      (error: Error) => {
        if (current && error.message !== SUPERSEDED)
          setState({ running: false, drawing: null, error: error.message });
      },
    );
    return () => {
      current = false;
    };
  }, [graph, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
