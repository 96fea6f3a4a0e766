import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** Handles of catalog things: 1–64 of letters, digits, `-`, `_` and `.`, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const Handle = (example: string, description?: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({
      type: String,
      pattern: HANDLE_PATTERN.source,
      maxLength: 64,
      example,
      ...(description ? { description } : {}),
    }),
    IsString({ message: '$property must be a string' }),
    Matches(HANDLE_PATTERN, {
      message:
        '$property must be 1–64 letters, digits, "-", "_" or ".", starting with a letter or digit',
    }),
  );
