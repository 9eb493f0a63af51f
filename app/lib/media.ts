/** What visitors see of a media item, in one language (the API's and loaders' shape). */
export type PublicMediaItem = {
  id: string;
  type: "image" | "video" | "timelapse";
  title: string;
  description: string;
  tags: string[];
  source: string;
  featured: boolean;
  likes: number;
  views: number;
  takenAt: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  contentType: string;
  fileUrl: string;
  thumbnailUrl: string;
};

/** The longest search the gallery accepts, in characters. */
export const MAX_SEARCH_LENGTH = 100;

export const galleryTabs = ["all", "photos", "videos"] as const;
export type GalleryTab = (typeof galleryTabs)[number];
export const gallerySorts = ["newest", "oldest"] as const;
export type GallerySort = (typeof gallerySorts)[number];
