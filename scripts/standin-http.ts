/**
 * A request's body as text, read as bytes: workerd warns when `.text()` is called on a body whose type is not text
 * (`application/x-www-form-urlencoded`, which the stand-ins' APIs and pages take). Shared by the local stand-ins.
 */
export async function bodyText(req: Request): Promise<string> {
  return new TextDecoder().decode(await req.arrayBuffer());
}
