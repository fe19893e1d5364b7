import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueConnections } from './queue-connections';
import { JOB_RETENTION, QueueName } from './queue.names';

@Module({ providers: [QueueConnections], exports: [QueueConnections] })
class QueueConnectionsModule {}

/**
 * What producers and consumers share when REDIS_URL is set: the process's Redis connections,
 * BullModule's root configuration (connection from the app config, prefix QUEUE_PREFIX) and the
 * AI queue. The queue is registered on both sides: it is also what brings in @nestjs/bullmq's
 * explorer, which starts the @Processor consumers.
 */
@Module({
  imports: [
    QueueConnectionsModule,
    BullModule.forRootAsync({
      imports: [QueueConnectionsModule],
      inject: [QueueConnections],
      useFactory: (connections: QueueConnections) => ({ connection: connections.blocking(), prefix: connections.prefix }),
    }),
    BullModule.registerQueueAsync({
      name: QueueName.Ai,
      imports: [QueueConnectionsModule],
      inject: [QueueConnections],
      // The fail-fast producer client (STYLE convention 10), an instance BullMQ does not close.
      useFactory: (connections: QueueConnections) => ({
        connection: connections.producer,
        defaultJobOptions: { attempts: 1, ...JOB_RETENTION },
      }),
    }),
  ],
  exports: [QueueConnectionsModule, BullModule],
})
export class QueueCoreModule {}
