import { Module } from '@nestjs/common';
import { PromptStore } from './prompt-store.service';

/** Prompt templates without HTTP: used by the AI job processors. */
@Module({ providers: [PromptStore], exports: [PromptStore] })
export class PromptStoreModule {}
