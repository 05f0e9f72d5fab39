/**
 * Buttons the app adds to the header beside the shortcut menu (the Scan button of features/scan):
 * the layout draws them without importing a feature.
 */
import { createContext, type ReactNode } from 'react';

export const HeaderActionsContext = createContext<ReactNode>(null);
