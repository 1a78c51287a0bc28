import { Controller, Get, Redirect } from '@nestjs/common';

@Controller()
export class HomeController {
  @Get()
  @Redirect('/albums', 302)
  home(): void {}
}
