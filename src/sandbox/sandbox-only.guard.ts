import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { SandboxOnly } from './sandbox.errors';

/**
 * The /api/sandbox helpers answer sandbox clients only (403 for a live token). Runs after the
 * global token guard, which has resolved the caller.
 */
@Injectable()
export class SandboxOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const actor = context.switchToHttp().getRequest<{ actor?: Actor }>().actor;
    if (!actor?.sandbox) throw new SandboxOnly();
    return true;
  }
}
