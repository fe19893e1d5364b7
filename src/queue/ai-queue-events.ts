import { OnQueueEvent, QueueEventsHost, QueueEventsListener } from '@nestjs/bullmq';
import { Logger, type Provider } from '@nestjs/common';
import { QueueConnections, throttledErrorLog } from './queue-connections';
import { QueueName } from './queue.names';

/**
 * The one long-lived QueueEvents of the AI queue (STYLE convention 8), on which the BullMQ
 * runner awaits its jobs. @nestjs/bullmq creates and closes it.
 */
export class AiQueueEvents extends QueueEventsHost {
  private readonly logError = throttledErrorLog(new Logger('JobQueue'), 'QueueEvents');

  @OnQueueEvent('error')
  onError(error: Error): void {
    this.logError(error);
  }
}

/**
 * AiQueueEvents with its blocking connection. The decorator's options are static and a
 * registered queue would otherwise lend it the producer's fail-fast connection (offline queue
 * off: XREAD would spin while Redis is down), so each module instance decorates a subclass
 * with the connection of this process.
 */
export const aiQueueEventsProvider: Provider = {
  provide: AiQueueEvents,
  inject: [QueueConnections],
  useFactory: (connections: QueueConnections): AiQueueEvents => {
    @QueueEventsListener(QueueName.Ai, { connection: connections.blocking(), prefix: connections.prefix })
    class ConnectedAiQueueEvents extends AiQueueEvents {}
    return new ConnectedAiQueueEvents();
  },
};
