import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { LazyToaster } from '../features/toast/lazy-toaster';
import { InterfaceDirection } from '../features/i18n/interface-direction';

function ThemeApplier() {
  useApplyTheme();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <InterfaceDirection>
        <ThemeApplier />
        {children}
        <LazyToaster />
      </InterfaceDirection>
    </QueryClientProvider>
  );
}
