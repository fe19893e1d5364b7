import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import type { IsURLOptions } from 'validator';

/** Trims strings (so "  " fails a min-length of 1); leaves other values for the validators to reject. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** http(s) URLs; hosts without a TLD (localhost, docker service names) and ports are allowed. */
export const BASE_URL_OPTIONS: IsURLOptions = {
  protocols: ['http', 'https'],
  require_protocol: true,
  require_tld: false,
  require_host: true,
  allow_underscores: true,
};

/** No control characters (they would corrupt the HTTP header carrying the token). */
export const TOKEN_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
export const MAX_TOKEN_LENGTH = 4096;
export const MAX_NAME_LENGTH = 200;
export const MAX_URL_LENGTH = 2048;

/**
 * The checks of a provider's baseUrl (trimmed, non-empty, at most MAX_URL_LENGTH, http(s) URL),
 * listed bottom-up so they register in the same order as when they were stacked on the field.
 */
export const BaseUrlChecks = () => applyDecorators(IsUrl(BASE_URL_OPTIONS), MaxLength(MAX_URL_LENGTH), MinLength(1), IsString(), Trim());
