import { ApiProperty, ApiSchema } from '@nestjs/swagger';
/** AuthMe of the spec (the TypeScript type and the OpenAPI schema). */
@ApiSchema({ name: 'AuthMe' })
export class AuthMeView {
  @ApiProperty() authenticated: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
}

export const ANONYMOUS: AuthMeView = Object.freeze({ authenticated: false, isAdmin: false, email: null }) as AuthMeView;
