import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Body of POST /auth/login (DESIGN.md: `{email, password}`). */
export class LoginDto {
  @ApiProperty({ example: 'admin@example.com', maxLength: 320 })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(320)
  email: string;

  @ApiProperty({ format: 'password', maxLength: 1024 })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;
}
