import { paths } from '@/lib/paths'
import { informationRoute } from './information-page'

export const { Component, loader, meta } = informationRoute(paths.publicInformation)
