import "~/i18n/resources.server";
