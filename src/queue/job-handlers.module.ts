import { Module } from '@nestjs/common';
import { JobHandlerRegistry } from './job-handlers';

/** The handler registry, shared by the processors (which register) and the runners (which dispatch). */
@Module({ providers: [JobHandlerRegistry], exports: [JobHandlerRegistry] })
export class JobHandlersModule {}
