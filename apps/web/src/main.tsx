import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { installCommunityRequestAuth } from './community-auth/community-requests';
import { AppRoutes } from './routes';
import { applyThemeChoice, readThemeChoice } from './ui/theme';
import { ToastProvider } from './ui/toast-provider';
import './styles/base.css';
import './styles/ui.css';
import './styles/pages.css';
import './styles/data.css';

// Before anything renders: a stored Light or Dark choice beats the system preference the stylesheet follows. No
// inline script in index.html, which the CSP would block; this module runs before the first paint of the app.
applyThemeChoice(readThemeChoice());
installCommunityRequestAuth();
void import('./ui/form-messages');
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
