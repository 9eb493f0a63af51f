-- Full-text search over every language's title and description and the tags (ADR 010).
-- The table keeps its own copy of the text and points back with media_id: media has no
-- INTEGER PRIMARY KEY, and its implicit rowid is not stable (VACUUM, export and import
-- renumber it). Accents fold away ("citta" finds "città"); case folds by default.
CREATE VIRTUAL TABLE `media_search` USING fts5(
	`media_id` UNINDEXED,
	`title_en`, `title_de`, `title_it`, `title_fr`, `title_es`,
	`description_en`, `description_de`, `description_it`, `description_fr`, `description_es`,
	`tags`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags`)
SELECT `id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags` FROM `media`;
--> statement-breakpoint
CREATE TRIGGER `media_search_insert` AFTER INSERT ON `media` BEGIN
	INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags`)
	VALUES (new.`id`, new.`title_en`, new.`title_de`, new.`title_it`, new.`title_fr`, new.`title_es`, new.`description_en`, new.`description_de`, new.`description_it`, new.`description_fr`, new.`description_es`, new.`tags`);
END;
--> statement-breakpoint
CREATE TRIGGER `media_search_update` AFTER UPDATE OF `id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags` ON `media` BEGIN
	DELETE FROM `media_search` WHERE `media_id` = old.`id`;
	INSERT INTO `media_search` (`media_id`, `title_en`, `title_de`, `title_it`, `title_fr`, `title_es`, `description_en`, `description_de`, `description_it`, `description_fr`, `description_es`, `tags`)
	VALUES (new.`id`, new.`title_en`, new.`title_de`, new.`title_it`, new.`title_fr`, new.`title_es`, new.`description_en`, new.`description_de`, new.`description_it`, new.`description_fr`, new.`description_es`, new.`tags`);
END;
--> statement-breakpoint
CREATE TRIGGER `media_search_delete` AFTER DELETE ON `media` BEGIN
	DELETE FROM `media_search` WHERE `media_id` = old.`id`;
END;
