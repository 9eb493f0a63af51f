-- Spec §3's three statuses replace the published flag (a draft is saved, never shown), and
-- tags become per language like titles and descriptions (issue 9). Existing tags go to every
-- language; the search index is rebuilt over the new columns.
DROP TRIGGER `media_search_insert`;
--> statement-breakpoint
DROP TRIGGER `media_search_update`;
--> statement-breakpoint
DROP TRIGGER `media_search_delete`;
--> statement-breakpoint
DROP TABLE `media_search`;
--> statement-breakpoint
DROP INDEX `media_published_taken`;
--> statement-breakpoint
DROP INDEX `media_published_type_taken`;
--> statement-breakpoint
DROP INDEX `media_published_featured_taken`;
--> statement-breakpoint
ALTER TABLE `media` ADD `status` text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
UPDATE `media` SET `status` = CASE WHEN `published` THEN 'published' ELSE 'hidden' END;
--> statement-breakpoint
ALTER TABLE `media` DROP COLUMN `published`;
--> statement-breakpoint
ALTER TABLE `media` ADD `tags_en` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
ALTER TABLE `media` ADD `tags_de` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
ALTER TABLE `media` ADD `tags_it` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
ALTER TABLE `media` ADD `tags_fr` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
ALTER TABLE `media` ADD `tags_es` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
UPDATE `media` SET `tags_en` = `tags`, `tags_de` = `tags`, `tags_it` = `tags`, `tags_fr` = `tags`, `tags_es` = `tags`;
--> statement-breakpoint
ALTER TABLE `media` DROP COLUMN `tags`;
--> statement-breakpoint
ALTER TABLE `media` ADD `machine_translated` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `media` ADD `original_key` text;
--> statement-breakpoint
CREATE INDEX `media_status_taken` ON `media` (`status`,`taken_at`,`id`);
--> statement-breakpoint
CREATE INDEX `media_status_type_taken` ON `media` (`status`,`type`,`taken_at`,`id`);
--> statement-breakpoint
CREATE INDEX `media_status_featured_taken` ON `media` (`status`,`featured`,`taken_at`,`id`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `media_search` USING fts5(
	`media_id` UNINDEXED,
	`title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es`)
SELECT `id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es` FROM `media`;
--> statement-breakpoint
CREATE TRIGGER `media_search_insert` AFTER INSERT ON `media` BEGIN
	INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es`)
	VALUES (new.`id`, new.`title_en`, new.`title_de`, new.`title_it`, new.`title_fr`, new.`title_es`, new.`description_en`, new.`description_de`, new.`description_it`, new.`description_fr`, new.`description_es`, new.`tags_en`, new.`tags_de`, new.`tags_it`, new.`tags_fr`, new.`tags_es`);
END;
--> statement-breakpoint
CREATE TRIGGER `media_search_update` AFTER UPDATE OF `id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es` ON `media` BEGIN
	DELETE FROM `media_search` WHERE `media_id` = old.`id`;
	INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags_en`, `tags_de`, `tags_it`, `tags_fr`, `tags_es`)
	VALUES (new.`id`, new.`title_en`, new.`title_de`, new.`title_it`, new.`title_fr`, new.`title_es`, new.`description_en`, new.`description_de`, new.`description_it`, new.`description_fr`, new.`description_es`, new.`tags_en`, new.`tags_de`, new.`tags_it`, new.`tags_fr`, new.`tags_es`);
END;
--> statement-breakpoint
CREATE TRIGGER `media_search_delete` AFTER DELETE ON `media` BEGIN
	DELETE FROM `media_search` WHERE `media_id` = old.`id`;
END;
