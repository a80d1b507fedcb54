import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

export class SetTeamBudgetDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    description: "Input plus output tokens per calendar month (UTC), at most the plan's; null clears the team's own limit",
  })
  // Null is a value here (it clears the limit); a missing field is not.
  @ValidateIf((dto: SetTeamBudgetDto) => dto.monthlyTokens !== null)
  @IsInt({ message: 'monthlyTokens must be a whole number of tokens or null' })
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  monthlyTokens: number | null;
}
