import { client, send } from '../api/client';

// The account page's calls.

export const changePassword = (currentPassword: string, newPassword: string) => send(client.POST('/api/auth/password', { body: { currentPassword, newPassword } }));

export const setApprovalDigest = (approvalDigest: boolean) => send(client.PATCH('/api/auth/me', { body: { approvalDigest } }));
