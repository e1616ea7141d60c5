/**
 * Secure file transfer and the user guide (domain §3 'File: type, size, uploaded by or to, guide type,
 * description, deleted flag'): the vocabularies both the server and the documents name.
 */

/** What a guide is (domain §5 'guide type required for a guide'). */
export const GUIDE_TYPES = ['userManual', 'video', 'faq', 'releaseNotes'] as const;
export type GuideType = (typeof GUIDE_TYPES)[number];

/** The language a guide is written in; `all` for one that serves both. */
export const GUIDE_LANGUAGES = ['en', 'tr', 'all'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** What the transfer lists filter and sort on (the organisations' ids are the service's scope, never the caller's). */
export const FILE_TRANSFER_FIELDS = {
  filterable: [
    'name',
    'type',
    'senderOrganizationName',
    'recipientOrganizationName',
    'senderName',
    'deleted',
    'sentAt',
  ],
  sortable: [
    'name',
    'size',
    'senderOrganizationName',
    'recipientOrganizationName',
    'sentAt',
    'downloads',
    'lastDownloadedAt',
  ],
};

/** What a download audit list filters and sorts on. */
export const FILE_TRANSFER_DOWNLOAD_FIELDS = {
  filterable: ['fileName', 'userName', 'organizationName', 'downloadedAt'],
  sortable: ['fileName', 'userName', 'organizationName', 'downloadedAt'],
};

/** What the guide lists filter and sort on. */
export const USER_GUIDE_FIELDS = {
  filterable: ['title', 'guideType', 'language', 'name', 'deleted'],
  sortable: ['title', 'guideType', 'language', 'size', 'uploadedAt'],
};
