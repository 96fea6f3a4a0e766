import { UserDto } from './dto/user.dto';
import { UserRow } from './users.repository';

export function userDto(u: UserRow): UserDto {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    status: u.status,
    locale: u.locale,
    clientHandle: u.client.handle,
    invitedDate: u.invitedAt.toISOString(),
    invitationExpiresDate: u.invitationExpiresAt?.toISOString() ?? null,
    acceptedDate: u.acceptedAt?.toISOString() ?? null,
    lastModification: u.updatedAt.toISOString(),
  };
}
