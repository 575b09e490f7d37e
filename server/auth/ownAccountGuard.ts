// An admin cannot delete or deactivate the login they are using: the last admin doing so
// would lock the school out. Another admin can (and a deactivated user's sessions end).

import type { Locale } from '../../src/shared/entityModel';
import { message } from '../../src/shared/messages';
import { ApiError, invalidInput } from '../http/apiError';
import type { RecordGuard } from '../crud/entityRoutes';
import { isUsersKind } from './accountStore';
import type { AppUser } from './userStore';

export const ownAccountGuard: RecordGuard = {
  update(user: AppUser, id: number, body: Record<string, unknown>, locale: Locale): void {
    if (isUsersKind(user.kind) && id === user.id && body.is_active === false) throw invalidInput(locale, { is_active: [message(locale, 'ownAccountInactive')] });
  },
  delete(user: AppUser, id: number, locale: Locale): void {
    if (isUsersKind(user.kind) && id === user.id) throw new ApiError(422, message(locale, 'ownAccountDelete'));
  },
};
