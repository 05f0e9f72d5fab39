export * from './colours.ts';
export * from './components.ts';
export * from './drawing.ts';
export * from './graph.ts';
export * from './layoutTypes.ts';
export * from './scope.ts';
