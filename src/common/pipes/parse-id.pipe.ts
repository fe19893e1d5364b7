import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/** Path ids are positive integers; anything else is a 400 with a localized message. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, number> {
  transform(raw: unknown): number {
    // The global ValidationPipe may already have turned the segment into a number.
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || !/^[0-9]{1,16}$/.test(value) || Number(value) < 1) {
      throw new AppError(400, 'invalidId');
    }
    return Number(value);
  }
}
