import { Module } from '@nestjs/common';
import { AiMessages } from './ai-messages.service';

@Module({ providers: [AiMessages], exports: [AiMessages] })
export class AiModule {}
