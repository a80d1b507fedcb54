import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { Layout } from './components/layout';
import { useLinkToken } from './hooks/link-token';
import { AuthPage } from './pages/auth-page';
import { InvitationPage } from './pages/invitation-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { VerifyEmailPage } from './pages/verify-email-page';
import { SessionProvider, useSession } from './session/session';

// Each section loads on first visit: the chat client and the Markdown renderer are most of the
// code, and the sign-in page needs neither.
const ChatPage = lazy(() => import('./pages/chat-page').then((module) => ({ default: module.ChatPage })));
const AssetsPage = lazy(() => import('./pages/assets-page').then((module) => ({ default: module.AssetsPage })));
const WorkflowsPage = lazy(() => import('./pages/workflows-page').then((module) => ({ default: module.WorkflowsPage })));
const WorkflowPage = lazy(() => import('./pages/workflow-page').then((module) => ({ default: module.WorkflowPage })));
const ApprovalsPage = lazy(() => import('./pages/approvals-page').then((module) => ({ default: module.ApprovalsPage })));
const TeamPage = lazy(() => import('./team/team-page').then((module) => ({ default: module.TeamPage })));
const ConnectModelPage = lazy(() => import('./pages/connect-model-page').then((module) => ({ default: module.ConnectModelPage })));
const AccountPage = lazy(() => import('./account/account-page').then((module) => ({ default: module.AccountPage })));

export function App() {
  return (
    <Router base="/dashboard">
      <SessionProvider>
        <Gate />
      </SessionProvider>
    </Router>
  );
}

/**
 * A page a mailed link opens, started afresh for each link: a second link opened in the same tab
 * changes only the fragment (no reload), and nothing the first link's page held may act for it.
 */
function MailedLinkPage({ page: Page }: { page: ComponentType }) {
  return <Page key={useLinkToken()} />;
}

/**
 * The pages mailed links open, the same whether the visitor is signed in or not (a link must work
 * in a browser that has no session, and in one signed in as someone else). Wouter's Switch reads
 * the routes inside a fragment as its own.
 */
const mailedLinkRoutes = (
  <>
    <Route path="/invitations">
      <MailedLinkPage page={InvitationPage} />
    </Route>
    <Route path="/verify-email">
      <MailedLinkPage page={VerifyEmailPage} />
    </Route>
    <Route path="/reset-password">
      <MailedLinkPage page={ResetPasswordPage} />
    </Route>
  </>
);

/** Signed-out visitors see the sign-in pages only; a deep link survives signing in. */
function Gate() {
  const { me } = useSession();
  if (me === undefined) return <p className="centered">Loading…</p>;
  if (me === null) {
    return (
      <Switch>
        <Route path="/sign-up">
          <AuthPage mode="register" />
        </Route>
        {mailedLinkRoutes}
        <Route>
          <AuthPage mode="login" />
        </Route>
      </Switch>
    );
  }
  return (
    <Layout>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <Switch>
          <Route path="/chat/:conversationId?" component={ChatPage} />
          <Route path="/assets/:assetId?" component={AssetsPage} />
          <Route path="/workflows" component={WorkflowsPage} />
          <Route path="/workflows/:workflowId" component={WorkflowPage} />
          <Route path="/approvals" component={ApprovalsPage} />
          <Route path="/team" component={TeamPage} />
          <Route path="/account" component={AccountPage} />
          <Route path="/connect-a-model" component={ConnectModelPage} />
          {mailedLinkRoutes}
          <Route path="/sign-up">
            <Redirect to="/chat" replace />
          </Route>
          <Route>
            <Redirect to="/chat" replace />
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}
