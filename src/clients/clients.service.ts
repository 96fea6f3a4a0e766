import { Injectable } from '@nestjs/common';
import { ClientNotFound } from '../common/auth/client-access';
import { Actor } from '../common/auth/actor';
import { ValidationFailed } from '../common/errors/domain-error';
import { clientHandleProblem, normalizeClientHandle } from './client-handle';
import { ClientDto, CreateClientDto, CurrentClientDto } from './clients.dto';
import { ClientHandleTaken } from './clients.errors';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { ClientsRepository } from './clients.repository';
import { ClientAccountEntity, Plan } from './entities/client-account.entity';

export function toClientDto(c: ClientAccountEntity): ClientDto {
  return {
    id: c.id,
    handle: c.handle,
    name: c.name,
    plan: c.plan,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Client accounts: the tenants. */
@Injectable()
export class ClientsService {
  constructor(private readonly repo: ClientsRepository) {}

  async create(input: CreateClientDto): Promise<ClientDto> {
    const handle = normalizeClientHandle(input.handle);
    const problem = clientHandleProblem(handle);
    if (problem) throw new ValidationFailed(`${problem}.`, [{ field: 'handle', message: problem }]);
    try {
      const client = await this.repo.insertClient(handle, input.name, input.plan ?? Plan.Standard);
      return toClientDto(client);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ClientHandleTaken(handle);
      throw err;
    }
  }

  /** The caller's own client account, with the role of the token it called with. */
  async current(actor: Actor): Promise<CurrentClientDto> {
    return { ...(await this.getByHandle(actor.clientHandle)), role: actor.role };
  }

  async list(): Promise<ClientDto[]> {
    return (await this.repo.listClients()).map(toClientDto);
  }

  async findByHandle(handle: string): Promise<ClientDto | undefined> {
    const client = await this.repo.getClientByHandle(normalizeClientHandle(handle));
    return client ? toClientDto(client) : undefined;
  }

  async getByHandle(handle: string): Promise<ClientDto> {
    const client = await this.findByHandle(handle);
    if (!client) throw new ClientNotFound(handle);
    return client;
  }
}
