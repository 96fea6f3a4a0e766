import { UserDto } from './dto/user.dto';
import { UserRole, UserStatus } from '../clients';

export const INVITED_USER_EXAMPLE: UserDto = {
  id: '6f1c2a8e-3b7d-4c59-9e4f-0a2b3c4d5e6f',
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  role: UserRole.User,
  status: UserStatus.Invited,
  locale: 'de',
  clientHandle: 'acme',
  invitedDate: '2026-11-25T09:30:00.000Z',
  invitationExpiresDate: '2026-12-02T09:30:00.000Z',
  acceptedDate: null,
  lastModification: '2026-11-25T09:30:00.000Z',
};

export const ACTIVE_USER_EXAMPLE: UserDto = {
  ...INVITED_USER_EXAMPLE,
  status: UserStatus.Active,
  invitationExpiresDate: null,
  acceptedDate: '2026-11-25T10:02:11.000Z',
  lastModification: '2026-11-25T10:02:11.000Z',
};
