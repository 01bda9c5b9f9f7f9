// The helper types the Supabase CLI appends after `Database` (supabase/postgres-meta typegen), verbatim.
// The opening TablesInsert, TablesUpdate and Enums share: a name in the default schema, or a schema and a name in it.
const byName = (type: string, kind: 'Table' | 'Enum', group: 'Tables' | 'Enums') => `export type ${type}<
  DefaultSchema${kind}NameOrOptions extends keyof DefaultSchema['${group}'] | { schema: keyof DatabaseWithoutInternals },
  ${kind}Name extends DefaultSchema${kind}NameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchema${kind}NameOrOptions['schema']]['${group}']
    : never = never,
> = DefaultSchema${kind}NameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
`;

// TablesInsert and TablesUpdate differ only in the member they read.
const writable = (name: 'Insert' | 'Update', letter: 'I' | 'U') => `${byName(`Tables${name}`, 'Table', 'Tables')}  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      ${name}: infer ${letter}
    }
    ? ${letter}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        ${name}: infer ${letter}
      }
      ? ${letter}
      : never
    : never

`;

export const HELPER_TYPES = `type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${writable('Insert', 'I')}${writable('Update', 'U')}${byName('Enums', 'Enum', 'Enums')}  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never
`;
