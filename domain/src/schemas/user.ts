import { z } from 'zod';

/** A user as every response presents it: never a password or its hash. */
export const userDtoSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  role: z.number(),
  tenant_id: z.number(),
  tenant_name: z.string().optional(),
  company_id: z.number().nullable(),
  user_status: z.boolean(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const authResponseSchema = z.object({ user: userDtoSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;
